export { Avatar, UserAvatar, type AvatarProps, type AvatarUser } from './Avatar';
export { avatarPixels, type AvatarSize } from './avatar-size';
