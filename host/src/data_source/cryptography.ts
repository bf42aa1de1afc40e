/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Credentials of data sources, encrypted at rest as OSD's Data Source plugin keeps them
 * (src/plugins/data_source/server/cryptography_service.ts): AES-256-GCM (12-byte IV, 16-byte
 * tag) under a 32-byte wrapping key from the configuration (`data_source.encryption.
 * wrappingKey`), with the data source's endpoint as authenticated encryption context, so a
 * secret moved to another endpoint does not decrypt as that endpoint's. OSD does this through
 * the AWS Encryption SDK's raw AES keyring; the host uses node:crypto with the same cipher.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'crypto';

export const WRAPPING_KEY_SIZE = 32;

export interface EncryptionContext {
  endpoint: string;
}

interface Envelope {
  v: 1;
  context: EncryptionContext;
  iv: string;
  tag: string;
  data: string;
}

export class CredentialCipher {
  private readonly key: Buffer;

  constructor(wrappingKey: readonly number[]) {
    if (wrappingKey.length !== WRAPPING_KEY_SIZE) {
      // OSD's message, as its cryptography service refuses a key of another size.
      throw new Error(
        `Wrapping key size shoule be 32 bytes, as used in envelope encryption. Current wrapping key size: '${wrappingKey.length}' bytes`
      );
    }
    this.key = Buffer.from(wrappingKey);
  }

  encryptAndEncode(plainText: string, context: EncryptionContext): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(JSON.stringify(context)));
    const data = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    const envelope: Envelope = {
      v: 1,
      context,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
    return Buffer.from(JSON.stringify(envelope)).toString('base64');
  }

  /** Throws when the text was not made with this key or was changed. */
  decodeAndDecrypt(encoded: string): {
    decryptedText: string;
    encryptionContext: EncryptionContext;
  } {
    const envelope = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Envelope;
    if (envelope?.v !== 1) throw new Error('unknown credential encryption format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(envelope.iv, 'base64'));
    decipher.setAAD(Buffer.from(JSON.stringify(envelope.context)));
    decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(envelope.data, 'base64')),
      decipher.final(),
    ]);
    return { decryptedText: plain.toString('utf8'), encryptionContext: envelope.context };
  }
}
