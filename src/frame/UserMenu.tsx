import { useId } from 'react';
import type { User } from '../contract/portal';
import { displayName } from '../domain/frame';
import { useT } from '../i18n/useT';
import { useDropdown } from './useDropdown';

interface UserMenuProps {
  user: User;
  adminUrl: string;
  onLogout: () => void;
}

/** R-2.3-13/14: the username with a dropdown holding the admin link and logout. */
export function UserMenu({ user, adminUrl, onLogout }: UserMenuProps) {
  const t = useT();
  const { open, setOpen, rootRef, toggleRef } = useDropdown();
  const menuId = useId();

  return (
    <div className="user-menu" ref={rootRef} data-state={open ? 'open' : 'closed'}>
      <button
        ref={toggleRef}
        type="button"
        className="nav__link user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {displayName(user)}
      </button>
      <ul id={menuId} className="user-menu__list" hidden={!open}>
        {adminUrl && (
          <li>
            <a className="user-menu__item" href={adminUrl}>
              {t('menu.admin')}
            </a>
          </li>
        )}
        <li>
          <button type="button" className="user-menu__item" onClick={onLogout}>
            {t('menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
