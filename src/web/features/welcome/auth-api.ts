import { authEndpoints, type GuestBody, type LoginBody, type RegisterBody } from '../../../shared/api/auth';
import { callApi } from '../../lib/api';

export const enterAsGuest = (body: GuestBody) => callApi(authEndpoints.guest, { body });
export const login = (body: LoginBody) => callApi(authEndpoints.login, { body });
export const register = (body: RegisterBody) => callApi(authEndpoints.register, { body });
