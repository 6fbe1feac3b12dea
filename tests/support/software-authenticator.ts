// A passkey authenticator in Node, for tests and the sign-in benchmark: an ES256 key pair made with
// node:crypto, 'none' attestation, and the WebAuthn answers a browser would send to better-auth's
// passkey plugin (SimpleWebAuthn's JSON forms).
import crypto from 'node:crypto'
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor'

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest()

type CreationOptions = { challenge: string; rp: { id?: string } }
type RequestOptions = { challenge: string; rpId?: string }

/** `rpId`: the relying party's id, until the site's registration options name theirs. */
export function createSoftwareAuthenticator({ origin, rpId: givenRpId }: { origin: string; rpId: string }) {
  let rpId = givenRpId
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const credentialId = crypto.randomBytes(32)
  let signCount = 0

  function authenticatorData(flags: number, attested?: Uint8Array) {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(signCount)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])])
  }

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  return {
    credentialId: b64url(credentialId),

    /** The answer to navigator.credentials.create() for these options. */
    register(options: CreationOptions) {
      if (options.rp.id) rpId = options.rp.id
      const jwk = publicKey.export({ format: 'jwk' })
      const coseKey = encodeCBOR(
        new Map<number, CBORType>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      )
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey)])
      // User present, user verified, attested credential data.
      const authData = authenticatorData(0x01 | 0x04 | 0x40, attested)
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CBORType>()],
          ['authData', authData],
        ]),
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      }
    },

    /** The answer to navigator.credentials.get() for these options, signed with the key. */
    authenticate(options: RequestOptions) {
      signCount += 1
      const authData = authenticatorData(0x01 | 0x04)
      const clientDataJSON = clientData('webauthn.get', options.challenge)
      const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
      }
    },
  }
}
