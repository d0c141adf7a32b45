import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { BURGER_CLOSE_DELAY_MS } from '@testerhub/shared/breakpoints';

/** 'closing' is the half second of the closing animation, while the menu is still shown. */
export type BurgerMenuState = 'closed' | 'open' | 'closing';

/**
 * The state of a burger menu (spec 1, section 4; spec 2, section 9): it opens at once but
 * closes after the 500 ms animation; Escape closes an open menu.
 */
export function useBurgerMenu() {
  const [menu, setMenu] = useState<BurgerMenuState>('closed');
  const closeTimer = useRef<number | undefined>(undefined);
  const menuId = useId();

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const openMenu = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setMenu('open');
  }, []);
  const closeMenu = useCallback(() => {
    setMenu((current) => (current === 'closed' ? current : 'closing'));
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setMenu('closed'), BURGER_CLOSE_DELAY_MS);
  }, []);
  const toggleMenu = () => (menu === 'open' ? closeMenu() : openMenu());

  useEffect(() => {
    if (menu !== 'open') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menu, closeMenu]);

  return { menu, menuId, closeMenu, toggleMenu };
}
