import { describe, expect, it } from 'vitest';
import {
  DatabaseUnavailableError,
  FailFastGate,
  isConnectionFailure,
  isDatabaseUnavailable,
  isPoolBusy,
  PoolBusyError,
} from './availability.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** How drizzle hands driver errors up: its own message, the driver's error as the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    ['admin shutdown 57P01', withCode('57P01', 'terminating connection due to administrator command')],
    ['starting up 57P03', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['client read timeout', new Error('Query read timeout')],
    ['connection timeout', new Error('Connection terminated due to connection timeout')],
    ['lost mid-query', new Error('Connection terminated unexpectedly')],
    ['fail-fast gate', new DatabaseUnavailableError('shut')],
  ])('takes %s as a lost connection, also inside drizzle’s wrapper', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it('takes a statement cancelled by statement_timeout as unavailable, but not as a lost connection', () => {
    const cancelled = wrapped(withCode('57014', 'canceling statement due to statement timeout'));
    expect(isDatabaseUnavailable(cancelled)).toBe(true);
    expect(isConnectionFailure(cancelled)).toBe(false);
  });

  it.each([
    ['unique violation', withCode('23505')],
    ['syntax error', withCode('42601')],
    ['plain bug', new TypeError('cannot read properties of undefined')],
  ])('leaves %s to the ordinary 500', (_name, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('isPoolBusy', () => {
  it.each([
    ['pg-pool’s checkout that waited for a full pool', new Error('timeout exceeded when trying to connect')],
    ['the pool’s own wrapper', new PoolBusyError('busy')],
  ])('takes %s as a busy pool, not as a lost connection nor an outage', (_name, error) => {
    expect(isPoolBusy(wrapped(error))).toBe(true);
    expect(isConnectionFailure(wrapped(error))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('does not take a new connection that failed to open in time as busy', () => {
    const error = new Error('Connection terminated due to connection timeout');
    expect(isPoolBusy(error)).toBe(false);
    expect(isConnectionFailure(error)).toBe(true);
  });
});

describe('FailFastGate', () => {
  const gateAt = () => {
    const clock = { now: 0 };
    return { clock, gate: new FailFastGate({ openMs: 1000, trialMs: 3000, now: () => clock.now }) };
  };

  it('admits everything until a failure, then nothing until the pause is over', () => {
    const { clock, gate } = gateAt();
    expect(gate.admit()).toBe(true);
    gate.failed();
    expect(gate.isOpen).toBe(true);
    clock.now = 999;
    expect(gate.admit()).toBe(false);
  });

  it('lets exactly one trial through after the pause; its success opens the gate for everyone', () => {
    const { clock, gate } = gateAt();
    gate.failed();
    clock.now = 1000;
    expect(gate.admit()).toBe(true);
    expect(gate.admit()).toBe(false);
    gate.succeeded();
    expect(gate.isOpen).toBe(false);
    expect(gate.admit()).toBe(true);
    expect(gate.admit()).toBe(true);
  });

  it('shuts again for a whole pause when the trial fails', () => {
    const { clock, gate } = gateAt();
    gate.failed();
    clock.now = 1000;
    expect(gate.admit()).toBe(true);
    clock.now = 1500;
    gate.failed();
    clock.now = 2499;
    expect(gate.admit()).toBe(false);
    clock.now = 2500;
    expect(gate.admit()).toBe(true);
  });

  it('presumes a trial that never reports lost, so the gate cannot stay shut for good', () => {
    const { clock, gate } = gateAt();
    gate.failed();
    clock.now = 1000;
    expect(gate.admit()).toBe(true);
    clock.now = 3999;
    expect(gate.admit()).toBe(false);
    clock.now = 4000;
    expect(gate.admit()).toBe(true);
  });
});
