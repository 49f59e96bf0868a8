import { createRequire } from 'node:module';

/** ws's frame builder; public on the module (`WebSocket.Sender.frame`) but absent from @types/ws. */
type FrameBuilder = (
  data: Buffer,
  options: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean },
) => Buffer[];
const wsModule = createRequire(import.meta.url)('ws') as { Sender?: { frame?: FrameBuilder } };
const buildFrame = wsModule.Sender?.frame;

const TEXT_OPCODE = 1;

/**
 * One record written to many connections (a broadcast, a group, a user's tabs). Encoding it to UTF-8 and building
 * its WebSocket frame once instead of once per connection is most of the cost of a fan-out to thousands of
 * sockets; Socket.IO does the same (websockets/ws#617). Server frames are never masked, so the one buffer is
 * written as is to every socket and never modified.
 */
export class SharedFrame {
  private framed: Buffer | null | undefined;

  constructor(readonly text: string) {}

  /** The whole WebSocket text frame (header and payload in one buffer), or null if ws cannot build it. */
  webSocketFrame(): Buffer | null {
    if (this.framed === undefined) {
      const parts = buildFrame?.(Buffer.from(this.text, 'utf8'), {
        fin: true,
        rsv1: false,
        opcode: TEXT_OPCODE,
        mask: false,
        readOnly: false,
      });
      this.framed = parts ? Buffer.concat(parts) : null;
    }
    return this.framed;
  }
}
