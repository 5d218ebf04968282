export { deviceNameFrom, loadDeviceName, DEVICE_NAME_MAX_LENGTH } from './device-name';
export type { DeviceNameTexts, ParseUserAgent, ParsedUserAgent } from './device-name';
