/**
 * A readable name for a browser from its user agent: browser name, operating system and its
 * version, with a 'Mobile' prefix on mobile devices; a default name when the browser cannot be
 * told (a separate default on mobile). The app names a trusted device with it
 * (`POST /api/user/newdevice`); the server names the browser in the "Wasn't you?" mail
 * (docs/decisions/0115-wasnt-you-mail.md). Pure: the parser (bowser) and the translations are
 * passed in, so the parser never weighs on the app's first view.
 */
/** What bowser's `parse` gives back, as far as the name needs it. */
export interface ParsedUserAgent {
  browser: { name?: string };
  os: { name?: string; version?: string; versionName?: string };
  platform: { type?: string };
}
export type ParseUserAgent = (userAgent: string) => ParsedUserAgent;

/** The translated texts (device.defaultName, device.defaultMobileName, device.mobileName). */
export interface DeviceNameTexts {
  defaultName: string;
  defaultMobileName: string;
  /** 'Mobile {name}' in the user's language. */
  mobileName: (name: string) => string;
}

/** The contract bounds device_name at 200 characters. */
export const DEVICE_NAME_MAX_LENGTH = 200;

function osVersionOf(os: { name?: string; version?: string; versionName?: string }): string {
  // Windows reports "NT 10.0"; its version name ("10") is what people know.
  if (os.name === 'Windows' && os.versionName) return os.versionName;
  return os.version ?? '';
}

export function deviceNameFrom(parse: ParseUserAgent, userAgent: string, texts: DeviceNameTexts): string {
  let parsed: ParsedUserAgent | null;
  try {
    parsed = userAgent.trim() === '' ? null : parse(userAgent);
  } catch {
    parsed = null;
  }
  const mobile = parsed?.platform.type === 'mobile';
  const browser = parsed?.browser.name?.trim() ?? '';
  const osName = parsed?.os.name?.trim() ?? '';
  if (browser === '' && osName === '') return mobile ? texts.defaultMobileName : texts.defaultName;
  const os = osName === '' ? '' : [osName, osVersionOf(parsed?.os ?? {})].filter(Boolean).join(' ');
  const name = [browser, os].filter(Boolean).join(' ');
  return (mobile ? texts.mobileName(name) : name).slice(0, DEVICE_NAME_MAX_LENGTH);
}
