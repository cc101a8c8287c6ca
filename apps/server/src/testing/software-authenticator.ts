import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in software for tests: an EC P-256 key made with node:crypto, and the WebAuthn answers
 * (attestation "none", assertions) built by hand, CBOR included, in the JSON shape `@simplewebauthn/browser` sends.
 * The counter can be set to replay an older one, and the origin and relying party of each answer can be forged.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR types WebAuthn needs: integers, byte and text strings, arrays, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface AnswerOptions {
  /** The page the browser is on; default the authenticator's origin. */
  origin?: string;
  /** The relying party the authenticator thinks it signs for; default the one in the options. */
  rpID?: string;
  /** Leave the user-verified flag off. */
  noUserVerification?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle: Uint8Array | undefined;
  counter = 0;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x as string, y: jwk.y as string };
  }

  get id() {
    return b64url(this.credentialId);
  }

  private authData(rpID: string, flags: number, attested?: Buffer) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers registration options (`POST /account/passkeys/options`) like `startRegistration`. */
  // biome-ignore lint/suspicious/noExplicitAny: the options are the server library's JSON
  register(options: any, answer: AnswerOptions = {}) {
    const rpID = answer.rpID ?? options.rp.id;
    this.userHandle = Buffer.from(options.user.id, 'base64url');
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const flags = FLAG_UP | FLAG_AT | (answer.noUserVerification ? 0 : FLAG_UV);
    const authData = this.authData(rpID, flags, attested);
    const attestationObject = cbor({ fmt: 'none', attStmt: new Map(), authData });
    const clientDataJSON = this.clientData(
      'webauthn.create',
      options.challenge,
      answer.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** Answers authentication options like `startAuthentication`; the counter goes up by one first. */
  // biome-ignore lint/suspicious/noExplicitAny: the options are the server library's JSON
  assert(options: any, answer: AnswerOptions = {}) {
    this.counter += 1;
    const rpID = answer.rpID ?? options.rpId;
    const authData = this.authData(rpID, FLAG_UP | (answer.noUserVerification ? 0 : FLAG_UV));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, answer.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: b64url(this.userHandle) } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
