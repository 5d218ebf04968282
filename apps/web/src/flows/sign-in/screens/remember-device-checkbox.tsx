/**
 * The PIN form's 'remember this device' checkbox. A module of its own, loaded
 * with lazyWithTimeout (shared/chunks), so Base UI's checkbox never weighs on the first view.
 */
import { Checkbox } from '../../../shared/ui/checkbox';

export interface RememberDeviceCheckboxProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export default function RememberDeviceCheckbox({ label, checked, onCheckedChange }: RememberDeviceCheckboxProps) {
  return <Checkbox label={label} name="rememberDevice" checked={checked} onCheckedChange={onCheckedChange} />;
}
