import { describe, expect, it } from 'vitest';
import { resizeStatementFrame, statementFrameHeight } from './statement-frame';

describe('statement frame height (docs/web.md, "Client area")', () => {
  it('grows to the content height plus 50 when the content is taller than 200', () => {
    expect(statementFrameHeight(201, 200)).toBe(251);
    expect(statementFrameHeight(1480, 200)).toBe(1530);
  });

  it('keeps the current height for content of 200 or less', () => {
    expect(statementFrameHeight(200, 200)).toBe(200);
    expect(statementFrameHeight(120, 200)).toBe(200);
  });

  it('measures the loaded document and sets the frame height', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const doc = frame.contentDocument as Document;
    Object.defineProperty(doc.documentElement, 'scrollHeight', { value: 900, configurable: true });
    expect(resizeStatementFrame(frame)).toBe(950);
    expect(frame.style.height).toBe('950px');

    Object.defineProperty(doc.documentElement, 'scrollHeight', { value: 150, configurable: true });
    frame.style.height = '';
    expect(resizeStatementFrame(frame)).toBe(200);
    frame.remove();
  });
});
