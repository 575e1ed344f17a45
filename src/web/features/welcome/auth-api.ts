import { userResponseSchema, type GuestBody, type LoginBody, type RegisterBody } from '../../../shared/api/auth';
import { apiRequest } from '../../lib/api';

export const enterAsGuest = (body: GuestBody) => apiRequest('/api/auth/guest', { body, schema: userResponseSchema });
export const login = (body: LoginBody) => apiRequest('/api/auth/login', { body, schema: userResponseSchema });
export const register = (body: RegisterBody) => apiRequest('/api/auth/register', { body, schema: userResponseSchema });
