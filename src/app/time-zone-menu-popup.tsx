import { useState } from 'react';
import type { MenuPopupProps } from '../components/menu-button';
import { MenuItem, MenuPanel } from '../components/data-table/menu-popup';
import {
  setTimeZoneChoice,
  timeZoneChoiceLabel,
  useTimeZoneChoice,
  type TimeZoneChoice,
} from '../lib/time-zone';

const CHOICES: readonly TimeZoneChoice[] = ['utc', 'device'];

/** The open Time zone menu (time-zone-menu.tsx): UTC or this device's zone, the one in force checked. */
export function TimeZoneMenuPopup(props: MenuPopupProps) {
  const { openAt } = props;
  const choice = useTimeZoneChoice();
  const [active, setActive] = useState<number | null>(null);
  if (openAt === null) {
    if (active !== null) setActive(null);
    return null;
  }
  const labels = CHOICES.map(timeZoneChoiceLabel);
  const current = active ?? (openAt === -1 ? labels.length - 1 : 0);
  const menu = {
    labels,
    current,
    move: setActive,
    activate: (index: number) => {
      const chosen = CHOICES[index];
      if (chosen) setTimeZoneChoice(chosen);
      props.onClose(true);
    },
    close: () => props.onClose(true),
  };
  return (
    <MenuPanel
      popup={props}
      menu={menu}
      width="w-72"
      note="Every time the console shows is in this zone. The ticket, the request log (HAR) and CSV files keep UTC (ISO 8601)."
    >
      {CHOICES.map((option, index) => (
        <MenuItem
          key={option}
          index={index}
          menu={menu}
          role="menuitemradio"
          aria-checked={option === choice}
        >
          <span
            aria-hidden="true"
            className={`icon icon-check size-4 ${option === choice ? '' : 'invisible'}`}
          />
          {labels[index]}
        </MenuItem>
      ))}
    </MenuPanel>
  );
}
