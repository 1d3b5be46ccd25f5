import { useId, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { Button } from './button';

/**
 * A menu button (a table's toolbar, the header's Time zone), after the WAI-ARIA APG "Menu Button"
 * pattern (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/): Enter, Space or Down Arrow open
 * the menu on its first item, Up Arrow on its last; a click toggles it; focus leaving the button
 * and the menu closes it. The button is on the page's first render; the menu (its items, keys and
 * anything it opens) is a module loaded when first wanted: on hover or focus of the button, at
 * the latest when it opens. Once loaded it stays mounted, so a dialog it opened outlives the menu.
 */

export interface MenuPopupProps {
  /** Where the focus goes on opening: 0 the first item, -1 the last; null: the menu is closed. */
  openAt: number | null;
  onClose: (focusButton: boolean) => void;
  menuId: string;
  buttonId: string;
  button: RefObject<HTMLButtonElement | null>;
}

interface MenuButtonProps<P> {
  /** The button's name (text, or text with a part only screen readers read). */
  label: ReactNode;
  /** The button's look where a toolbar's is too big (the header's). */
  className?: string | undefined;
  /** Said on hover. */
  title?: string | undefined;
  /** Shown after the name, outside it (aria-hidden). */
  extra?: ReactNode;
  load: () => Promise<ComponentType<P & MenuPopupProps>>;
  popupProps: P;
  /** The menu's code could not be downloaded (offline, a new deployment). */
  onLoadError: () => void;
}

export function MenuButton<P extends object>(props: MenuButtonProps<P>) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const [Popup, setPopup] = useState<ComponentType<P & MenuPopupProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const loaded = (component: ComponentType<P & MenuPopupProps>) => setPopup(() => component);
  // Ahead of need; a failure then is only reported if the menu is opened.
  const preload = () => void props.load().then(loaded, () => {});

  function open(at: number) {
    setOpenAt(at);
    props.load().then(loaded, () => {
      setOpenAt(null);
      props.onLoadError();
    });
  }

  return (
    <div
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpenAt(null);
      }}
    >
      <Button
        ref={button}
        id={buttonId}
        aria-haspopup="menu"
        aria-expanded={openAt !== null}
        aria-controls={openAt !== null && Popup ? menuId : undefined}
        onClick={() => (openAt === null ? open(0) : setOpenAt(null))}
        onKeyDown={(event) => {
          const at = /^(ArrowDown|Enter| )$/.test(event.key)
            ? 0
            : event.key === 'ArrowUp'
              ? -1
              : null;
          if (at === null) return;
          event.preventDefault();
          open(at);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        className={props.className}
        title={props.title}
      >
        {props.label}
        {props.extra}
      </Button>
      {Popup && (
        <Popup
          {...props.popupProps}
          openAt={openAt}
          onClose={(focusButton) => {
            setOpenAt(null);
            if (focusButton) button.current?.focus();
          }}
          menuId={menuId}
          buttonId={buttonId}
          button={button}
        />
      )}
    </div>
  );
}
