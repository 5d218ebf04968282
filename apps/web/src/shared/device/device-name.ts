/**
 * The device name sent with `POST /api/user/newdevice`. The pure `deviceNameFrom` lives in the
 * contract (the server names browsers with it too); `loadDeviceName` loads bowser on demand, so
 * the parser never weighs on the first view.
 */
import { deviceNameFrom, type DeviceNameTexts } from '@gatehouse/contract';
import { loadChunk } from '../chunks';

export { deviceNameFrom, DEVICE_NAME_MAX_LENGTH } from '@gatehouse/contract';
export type { DeviceNameTexts, ParseUserAgent, ParsedUserAgent } from '@gatehouse/contract';

/** Loads bowser (a chunk of its own) and names this device. */
export async function loadDeviceName(userAgent: string, texts: DeviceNameTexts): Promise<string> {
  const { default: bowser } = await loadChunk(() => import('bowser'));
  return deviceNameFrom((ua) => bowser.parse(ua), userAgent, texts);
}
