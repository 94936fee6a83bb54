import { validationFailed } from '../pipeline/okta-errors';
import { isObject, type Json } from '../shared/json';

/** The platforms a device assurance policy is for (Okta's `platform`), CHROMEOS aside (its checks are third-party signals, not served). */
export const PLATFORMS = ['ANDROID', 'IOS', 'MACOS', 'WINDOWS'] as const;
/** A device assurance policy's platform. */
export type Platform = (typeof PLATFORMS)[number];

/** The checks of a policy, in the order answers list them; each optional. */
export interface AssuranceChecks {
  /** The lowest OS version allowed (`"12"`, `"14.5"`, `"10.0.19041"`). */
  osVersion?: { minimum: string };
  /** The disk encryption types allowed. */
  diskEncryptionType?: { include: string[] };
  /** Whether a jailbroken or rooted device is allowed (mobile platforms). */
  jailbreak?: boolean;
  /** The screen lock types allowed. */
  screenLockType?: { include: string[] };
  /** Whether the device must have secure hardware (a TPM, a secure enclave). */
  secureHardwarePresent?: boolean;
}

/** Which checks each platform takes and the values its lists take (Okta's documented schemas). */
const PLATFORM_CHECKS: Record<Platform, { disk?: readonly string[]; jailbreak: boolean; secureHardware: boolean }> = {
  ANDROID: { disk: ['FULL', 'USER'], jailbreak: true, secureHardware: true },
  IOS: { jailbreak: true, secureHardware: false },
  MACOS: { disk: ['ALL_INTERNAL_VOLUMES'], jailbreak: false, secureHardware: true },
  WINDOWS: { disk: ['ALL_INTERNAL_VOLUMES'], jailbreak: false, secureHardware: true },
};

const SCREEN_LOCKS = ['NONE', 'PASSCODE', 'BIOMETRIC'] as const;
/** The longest `osVersion.minimum`. */
const MAX_VERSION_LENGTH = 32;
/** Members of Okta's schema the backend does not serve: refused rather than dropped unseen. */
const NOT_SERVED = ['gracePeriod', 'thirdPartySignalProviders'] as const;

const refuse = (path: string, reason: string) => validationFailed([{ path, reason }]);

function include(given: unknown, field: string, allowed: readonly string[]): { include: string[] } {
  if (!isObject(given) || !Array.isArray(given.include)) throw refuse(field, 'Must be an object with an include list');
  const list = given.include;
  if (list.length === 0 || list.length > allowed.length) throw refuse(`${field}.include`, `Must list one to ${allowed.length} of ${allowed.join(', ')}`);
  list.forEach((v: unknown, i) => {
    if (typeof v !== 'string' || !allowed.includes(v)) throw refuse(`${field}.include[${i}]`, `Must be one of ${allowed.join(', ')}`);
  });
  if (new Set(list).size < list.length) throw refuse(`${field}.include`, 'Lists a value twice');
  return { include: [...(list as string[])] };
}

function flag(given: unknown, field: string): boolean {
  if (typeof given !== 'boolean') throw refuse(field, 'Must be true or false');
  return given;
}

/** Reads the checks a body gives for its platform; a check the platform does not take is refused naming it. */
export function readChecks(body: Json, platform: Platform): AssuranceChecks {
  for (const name of NOT_SERVED) if (body[name] !== undefined && body[name] !== null) throw refuse(name, `${name} is not served by this backend`);
  const takes = PLATFORM_CHECKS[platform];
  const given = (name: keyof AssuranceChecks) => {
    const v = body[name];
    return v === undefined || v === null ? undefined : v;
  };
  const notFor = (name: string) => refuse(name, `The ${platform} platform takes no ${name}`);
  const checks: AssuranceChecks = {};
  const os = given('osVersion');
  if (os !== undefined) {
    const minimum = isObject(os) ? os.minimum : undefined;
    if (typeof minimum !== 'string' || minimum.length > MAX_VERSION_LENGTH || !/^\d+(\.\d+){0,3}$/.test(minimum)) {
      throw refuse('osVersion.minimum', 'Must be a version of one to four numbers joined by dots');
    }
    checks.osVersion = { minimum };
  }
  const disk = given('diskEncryptionType');
  if (disk !== undefined) {
    if (!takes.disk) throw notFor('diskEncryptionType');
    checks.diskEncryptionType = include(disk, 'diskEncryptionType', takes.disk);
  }
  const jailbreak = given('jailbreak');
  if (jailbreak !== undefined) {
    if (!takes.jailbreak) throw notFor('jailbreak');
    checks.jailbreak = flag(jailbreak, 'jailbreak');
  }
  const lock = given('screenLockType');
  if (lock !== undefined) checks.screenLockType = include(lock, 'screenLockType', SCREEN_LOCKS);
  const hardware = given('secureHardwarePresent');
  if (hardware !== undefined) {
    if (!takes.secureHardware) throw notFor('secureHardwarePresent');
    checks.secureHardwarePresent = flag(hardware, 'secureHardwarePresent');
  }
  return checks;
}

/** A copy of checks (their lists copied too). */
export function copyChecks(checks: AssuranceChecks): AssuranceChecks {
  const out: AssuranceChecks = {};
  if (checks.osVersion) out.osVersion = { minimum: checks.osVersion.minimum };
  if (checks.diskEncryptionType) out.diskEncryptionType = { include: [...checks.diskEncryptionType.include] };
  if (checks.jailbreak !== undefined) out.jailbreak = checks.jailbreak;
  if (checks.screenLockType) out.screenLockType = { include: [...checks.screenLockType.include] };
  if (checks.secureHardwarePresent !== undefined) out.secureHardwarePresent = checks.secureHardwarePresent;
  return out;
}
