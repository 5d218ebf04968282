/**
 * The options menu of one remembered account. A module of its own, loaded with
 * lazyWithTimeout (shared/chunks), so Base UI's menu never weighs on the first view.
 */
import { Menu, MenuItem } from '../../../shared/ui/menu';

export interface RememberedUserMenuProps {
  triggerLabel: string;
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
}

export default function RememberedUserMenu({ triggerLabel, removeLabel, onRemove, disabled }: RememberedUserMenuProps) {
  return (
    <Menu triggerLabel={triggerLabel}>
      <MenuItem onSelect={onRemove} disabled={disabled}>
        {removeLabel}
      </MenuItem>
    </Menu>
  );
}
