import type { ReactNode } from 'react';
import type { BurgerMenuState } from '../hooks/use-burger-menu';
import './burger-button.css';

interface BurgerButtonProps {
  menu: BurgerMenuState;
  /** The id of the menu it opens. */
  controls: string;
  onClick: () => void;
  /** The navigation's own class: where the button shows and how it sits in the bar. */
  className: string;
  /** The button's name in the page's language (the portal's); English by default. */
  labels?: { open: string; close: string };
}

const ENGLISH_LABELS = { open: 'Open menu', close: 'Close menu' };

/** The three-line button that opens and closes a burger menu (useBurgerMenu). */
export function BurgerButton({ menu, controls, onClick, className, labels = ENGLISH_LABELS }: BurgerButtonProps) {
  return (
    <button
      type="button"
      className={`burger-button ${className}`}
      aria-expanded={menu === 'open'}
      aria-controls={controls}
      aria-label={menu === 'open' ? labels.close : labels.open}
      onClick={onClick}
    >
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
    </button>
  );
}

interface BurgerMenuProps {
  id: string;
  menu: BurgerMenuState;
  /** The navigation's own classes: where the panel stands and how wide it is. */
  className: string;
  /** With a label the panel is a nav landmark of that name; without, a plain container. */
  label?: string;
  testId: string;
  children: ReactNode;
}

/** The panel a BurgerButton opens: hidden when closed, sliding in when opened and out while closing. */
export function BurgerMenu({ id, menu, className, label, testId, children }: BurgerMenuProps) {
  const props = {
    id,
    className: `burger-menu burger-menu--${menu} ${className}`,
    hidden: menu === 'closed',
    'data-state': menu,
    'data-testid': testId,
  };
  return label ? (
    <nav aria-label={label} {...props}>
      {children}
    </nav>
  ) : (
    <div {...props}>{children}</div>
  );
}
