import { MAX_LOGO_BYTES } from '../../../src/apps/logo/image-type';

/** An uploaded logo: whose it is, its bytes and the type read from them. */
export interface StoredLogo {
  id: string;
  appId: string;
  type: string;
  bytes: Uint8Array;
}

/** The apps' uploaded logos by id (an app has at most one: an upload replaces the previous). */
export class LogoStore {
  readonly #logos = new Map<string, StoredLogo>();
  readonly #byApp = new Map<string, string>();

  /** Keeps an app's logo, dropping the one it had. */
  put(logo: StoredLogo): void {
    if (logo.bytes.byteLength >= MAX_LOGO_BYTES) throw new Error(`A logo must be less than ${MAX_LOGO_BYTES} bytes.`);
    const previous = this.#byApp.get(logo.appId);
    if (previous !== undefined) this.#logos.delete(previous);
    this.#logos.set(logo.id, logo);
    this.#byApp.set(logo.appId, logo.id);
  }

  /** A logo by id, if any. */
  get(id: string): StoredLogo | undefined {
    return this.#logos.get(id);
  }

  /** Every logo, in upload order. */
  all(): StoredLogo[] {
    return [...this.#logos.values()];
  }

  /** Forgets every logo. */
  clear(): void {
    this.#logos.clear();
    this.#byApp.clear();
  }
}
