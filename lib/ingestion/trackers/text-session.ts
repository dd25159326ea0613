import type { QueuedCommand } from "@/lib/fleet/device-commands";
import { connectCommands } from "./command-delivery";
import { bindTracker, type BoundDevice } from "./device-binding";
import { FrameError } from "./frame-reader";
import { orderedAnswers } from "./ordered-answers";
import { trackerTelemetry } from "./tracker-telemetry";
import type { TrackerProtocol } from "@/db/schema";
import type { TrackerRecord } from "./tracker-record";
import type { SessionFactory } from "./tracker-session";

/** One message of a protocol whose messages name their device, as its session needs it. */
export type TextMessage = {
  /** The device's IMEI or id, when the message carries it. */
  imei: string | null;
  /** What the message reports (most carry one record; a Queclink report with several fixes, a JT808 batch: several). */
  records?: readonly TrackerRecord[];
  /** What the server answers, or null: sent only once this message and every one before it are committed. */
  answer: string | Buffer | null;
  /** The device's answer to a command (JT808's name the command: `commandId`; without it, the oldest one out; `refused`: not carried out). */
  commandAnswer?: { text: string; commandId?: number; refused?: boolean };
  /** What the protocol calls the message (the codec's name for it: "V1", "GTFRI", "0x0200 location"…), shown as the device's last message. */
  kind: string;
};

/**
 * A connection of a protocol whose messages name their device rather than a handshake doing it once
 * (the text protocols H02, GPS103 and Queclink, and JT808, whose binary header carries the terminal's number):
 * the first message that names one binds the connection (a device bound to no vehicle gets no answer
 * and the connection closes, so it keeps its data; an unknown one is listed as unclaimed), and later
 * messages must name the same device. Records go to the shared
 * queue; an answer is written once the message and every one before it are committed, so it
 * confirms them all, while the next messages are read on (ordered-answers.ts). A failed
 * write closes the connection: no answer is written after it. A protocol given `encodeCommand` takes its
 * vehicle's commands once the first message is bound and answered (command-delivery.ts).
 */
export const textSession =
  ({
    protocol,
    frameLength,
    decoder,
    encodeCommand,
  }: {
    protocol: TrackerProtocol;
    frameLength: (buffer: Buffer) => number | null;
    /** Made once per connection, so that a protocol may keep what earlier messages told (Queclink: the device's time zone). */
    decoder: () => (frame: Buffer, now: Date) => TextMessage | null;
    /** How a command is written to the device, for a protocol that takes commands. */
    encodeCommand?: (command: QueuedCommand) => string | Buffer;
  }): SessionFactory =>
  ({ socket, remoteAddress, context }) => {
    const decode = decoder();
    let vehicle: BoundDevice | null = null;
    let commands: ReturnType<typeof connectCommands> | null = null;
    socket.on("close", () => commands?.disconnect());
    const answers = orderedAnswers({ socket });
    return {
      frameLength,
      handle: async (frame, now) => {
        const message = decode(frame, now);
        if (!message) return null;
        if (!vehicle) {
          if (message.imei === null) throw new FrameError(`${protocol} message before the device named itself`);
          vehicle = await bindTracker({ context, imei: message.imei, protocol, remoteAddress });
          if (!vehicle) {
            socket.end();
            return null;
          }
        } else if (message.imei !== null && message.imei !== vehicle.identifier) {
          throw new FrameError(`${protocol} message of another device on this connection`);
        }
        const paced = answers.pace();
        if (paced) await paced;
        if (message.records?.length) context.queue.submit(trackerTelemetry({ vehicle, records: message.records, now }), answers.commit());
        if (message.commandAnswer) {
          // Once what the message carries is stored: an answer naming a position shows it on the map.
          await answers.confirm();
          await commands?.answer(message.commandAnswer);
        }
        if (message.answer !== null) answers.answer(message.answer);
        if (encodeCommand && !commands) {
          // The first message's answer goes on the wire before any command.
          await answers.confirm();
          commands = connectCommands({ db: context.db, vehicle, send: (command) => socket.write(encodeCommand(command)) });
        }
        return { device: vehicle, kind: message.kind };
      },
    };
  };
