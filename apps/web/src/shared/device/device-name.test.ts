import { describe, expect, it } from 'vitest';
import Bowser from 'bowser';
import { deviceNameFrom, loadDeviceName } from './device-name';
import type { DeviceNameTexts } from './device-name';

const parse = (ua: string) => Bowser.parse(ua);
const en: DeviceNameTexts = {
  defaultName: 'Unknown device',
  defaultMobileName: 'Mobile device',
  mobileName: (name) => `Mobile ${name}`,
};
const sk: DeviceNameTexts = {
  defaultName: 'Neznáme zariadenie',
  defaultMobileName: 'Mobilné zariadenie',
  mobileName: (name) => `Mobil ${name}`,
};

const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0',
  garbage: 'x(;;)/ not a browser',
};

describe('device name', () => {
  it('names an Android phone with the Mobile prefix, the browser, the OS and its version', () => {
    expect(deviceNameFrom(parse, UA.androidChrome, en)).toBe('Mobile Chrome Android 14');
  });

  it('names an iPhone in the user language', () => {
    expect(deviceNameFrom(parse, UA.iphoneSafari, sk)).toBe('Mobil Safari iOS 17.5');
  });

  it('names Windows by the version people know, without a prefix on a desktop', () => {
    expect(deviceNameFrom(parse, UA.windowsEdge, en)).toBe('Microsoft Edge Windows 10');
  });

  it('names macOS Firefox by browser, OS and version', () => {
    expect(deviceNameFrom(parse, UA.macFirefox, en)).toBe('Firefox macOS 10.15');
  });

  it('falls back to the default name for garbage and for an empty user agent', () => {
    expect(deviceNameFrom(parse, UA.garbage, en)).toBe('Unknown device');
    expect(deviceNameFrom(parse, '', sk)).toBe('Neznáme zariadenie');
  });

  it('uses the separate mobile default when only the platform is known to be mobile', () => {
    const mobileOnly = () => ({ browser: {}, os: {}, platform: { type: 'mobile' } });
    expect(deviceNameFrom(mobileOnly, 'anything', en)).toBe('Mobile device');
  });

  it('falls back to the default name when the parser throws', () => {
    const broken = () => {
      throw new Error('parser failure');
    };
    expect(deviceNameFrom(broken, UA.macFirefox, en)).toBe('Unknown device');
  });

  it('loads the parser on demand and gives the same name', async () => {
    await expect(loadDeviceName(UA.androidChrome, en)).resolves.toBe('Mobile Chrome Android 14');
  });
});
