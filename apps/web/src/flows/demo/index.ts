export { ControlsDemoScreen } from './controls-demo-screen';
export { SnackbarDemoScreen } from './snackbar-demo-screen';
