export { UserName, type UserNameUser } from './UserName';
