/**
 * The controls kit. Everything here is plain elements + CSS Modules and safe for the sign-in
 * first view's JS budget.
 *
 * Checkbox, Dialog and Menu use Base UI and are NOT re-exported here, so that screens that do
 * not need them do not pay for them. Import them from their own files (or lazy-load them):
 *   import { Checkbox } from '../../shared/ui/checkbox';
 *   import { Dialog } from '../../shared/ui/dialog';
 *   import { Menu, MenuItem } from '../../shared/ui/menu';
 * Neither are Address and PinField, which only screens after the first view use (the build keeps
 * them out of the first view's chunk, as it keeps these: `apps/web/vite.config.ts`, LAZY_UI; what
 * this file exports comes with the first view):
 *   import { Address } from '../../shared/ui/address';
 *   import { PinField } from '../../shared/ui/pin-field';
 * Their prop types are re-exported below as types only (no runtime import).
 *
 * The theme (fonts, custom properties, focus rings, reduced motion) is `./theme.css`; the app
 * entry imports it once.
 */
export { Button, buttonClassName } from './button';
export type { ButtonProps, ButtonStyleOptions, ButtonVariant } from './button';
export { EmailField, TextField } from './text-field';
export type { TextFieldProps } from './text-field';
export { PasswordField } from './password-field';
export type { PasswordFieldProps } from './password-field';
export { Card } from './card';
export type { CardProps } from './card';
export { Notice } from './notice';
export type { NoticeProps, NoticeVariant } from './notice';
export { LoadingIndicator, LOADING_INDICATOR_DEFAULT_SIZE_PX } from './loading-indicator';
export type { LoadingIndicatorProps } from './loading-indicator';
export { TruncatedText, truncate358ClassName } from './truncated-text';
export type { TruncatedTextProps } from './truncated-text';
export * from './snackbar';

export type { CheckboxProps } from './checkbox';
export type { DialogProps } from './dialog';
export type { MenuProps, MenuItemProps } from './menu';
export type { PinFieldProps } from './pin-field';
