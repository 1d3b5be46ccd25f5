import { MenuButton } from '../components/menu-button';
import { lazyModule } from '../components/lazy-module';
import { zoneShortName } from '../lib/time';
import { useTimeZone } from '../lib/time-zone';

/**
 * The header's **Time zone**: a menu button (WAI-ARIA APG "Menu Button", menu-button.tsx) showing
 * the zone's short name as the times do ("UTC", "PDT"), whose menu (time-zone-menu-popup.tsx,
 * loaded when first wanted) offers UTC or this device's zone by name. The command menu offers the
 * same choice.
 */

const loadPopup = lazyModule(() =>
  import('./time-zone-menu-popup').then((module) => module.TimeZoneMenuPopup),
);

export function TimeZoneMenu() {
  const zone = useTimeZone();
  return (
    <MenuButton
      label={
        <>
          <span className="sr-only">Time zone:</span> {zoneShortName(zone)}
        </>
      }
      title={`Time zone: ${zone}`}
      className="flex! w-full px-1.5! py-px! text-xs"
      load={loadPopup}
      popupProps={{}}
      // Nothing to undo: the next press tries the download again.
      onLoadError={() => {}}
    />
  );
}
