import { decodeJt808Frame, jt808Answer, jt808FrameLength, type Jt808Header } from "./jt808-codec";
import { encodeJt808Command, jt808CommandAnswer, JT808_COMMAND_IDS } from "./jt808-commands";
import { textSession } from "./text-session";
import type { SessionFactory } from "./tracker-session";

/**
 * A JT808 connection: every message's header names the terminal (its phone number), so the first message binds
 * the connection, as for the text protocols. Registration is answered 0x8100, authentication, heartbeats and
 * location reports the platform general response 0x8001, each once it and everything before it are committed
 * (docs/trackers.md); an unclaimed terminal gets no answer and the connection closes. The vehicle's commands go
 * down in the terminal's own header form, each with the connection's next platform serial, and the answers that
 * carry that serial (0x0001, 0x0201, 0x0500) are recorded as that command's.
 */
export const jt808Session: SessionFactory = (connection) => {
  let terminal: Jt808Header | null = null;
  let serial = 0;
  /** The commands sent on this connection, by platform serial: the command's id and message id. */
  const sent = new Map<number, { commandId: number; messageId: number }>();
  return textSession({
    protocol: "jt808",
    frameLength: jt808FrameLength,
    decoder: () => (frame, now) => {
      const message = decodeJt808Frame(frame, now);
      if (!message) return null;
      terminal = message.header;
      const records = message.type === "locations" ? message.locations.map((location) => location.record) : undefined;
      const answered = jt808CommandAnswer(message);
      const command = answered ? sent.get(answered.serial) : undefined;
      const commandAnswer =
        command && answered!.messageId === command.messageId ? { text: answered!.text, commandId: command.commandId, refused: answered!.refused } : undefined;
      return { imei: message.identifier, records, answer: jt808Answer(message), commandAnswer, kind: message.messageKind };
    },
    // Commands are connected after the first message is bound, so the terminal's header is known.
    encodeCommand: (command) => {
      serial = (serial + 1) & 0xffff;
      sent.set(serial, { commandId: command.id, messageId: JT808_COMMAND_IDS[command.kind] });
      return encodeJt808Command(command, terminal!, serial);
    },
  })(connection);
};
