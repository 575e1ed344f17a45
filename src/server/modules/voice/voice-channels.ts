/** Socket.IO rooms of a voice session: everyone in it, and one user's socket in it. */
export const voiceChannel = {
  session: (roomId: string) => `voice:${roomId}`,
  member: (roomId: string, userId: number) => `voice:${roomId}:user:${userId}`,
};
