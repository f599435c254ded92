/** '482913' -> '482 913': the join code read aloud in two halves, on the screen and in its title. */
export function splitRoomCode(room: string): string {
  return room.length === 6 ? `${room.slice(0, 3)} ${room.slice(3)}` : room;
}
