import type { DeviceUser } from '@gatehouse/contract';

/** The accounts the sign-in tests remember on a device (plain data: the machine tests load no screen). */
export const jana: DeviceUser = {
  userId: 'u1',
  email: 'jana@example.sk',
  firstName: 'Jana',
  surname: 'Nováková',
  loginName: 'jana',
};
export const petr: DeviceUser = {
  userId: 'u2',
  email: 'petr@example.cz',
  firstName: 'Petr',
  surname: 'Svoboda',
  loginName: 'petr',
};
export const eva: DeviceUser = {
  userId: 'u3',
  email: 'eva@example.sk',
  firstName: 'Eva',
  surname: 'Malá',
  loginName: 'eva',
};
