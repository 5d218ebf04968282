import { useCallback, useEffect, useState } from 'react';
import { deviceNameFrom, type ParseUserAgent } from '../../shared/device';
import { loadChunk } from '../../shared/chunks';
import { useT } from '../../shared/i18n';

/**
 * Names a browser from its User-Agent the way trusted devices are named (browser and system,
 * shared/device): bowser loads once, in its own chunk (with the chunk time-out); until then, or
 * without it, every name is the default.
 */
export function useDeviceNames(): (userAgent: string | null) => string {
  const t = useT();
  const [parse, setParse] = useState<ParseUserAgent | null>(null);
  useEffect(() => {
    let live = true;
    void loadChunk(() => import('bowser')).then(
      ({ default: bowser }) => live && setParse(() => (ua: string) => bowser.parse(ua)),
      () => undefined, // without the parser every device keeps the default name
    );
    return () => {
      live = false;
    };
  }, []);
  return useCallback(
    (userAgent) => {
      const texts = {
        defaultName: t('device.defaultName'),
        defaultMobileName: t('device.defaultMobileName'),
        mobileName: (name: string) => t('device.mobileName', { name }),
      };
      if (userAgent === null || parse === null) return texts.defaultName;
      return deviceNameFrom(parse, userAgent, texts);
    },
    [parse, t],
  );
}
