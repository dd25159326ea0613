import type { DeviceCommandKind, DeviceModel } from "@/db/schema";

type NamedKind = Exclude<DeviceCommandKind, "custom">;

/**
 * What each tracker family is sent for each command (the vendors' SMS/GPRS command sets): Teltonika's
 * digital output 1 drives the immobilizer relay; GT06-family devices switch their relay with `Relay,1#`
 * (the "DYD,<password>#" of older firmware is a custom command). JT808 commands are binary messages
 * (lib/ingestion/trackers/jt808-commands.ts): their text names the message and its value, and a custom
 * command's text goes as a text message (0x8300). Families not listed take no commands.
 */
export const COMMAND_TEXTS: Partial<Record<DeviceModel, Record<NamedKind, string>>> = {
  teltonika: { engineStop: "setdigout 1", engineResume: "setdigout 0", requestPosition: "getgps" },
  gt06: { engineStop: "Relay,1#", engineResume: "Relay,0#", requestPosition: "WHERE#" },
  jt808: { engineStop: "0x8500 control flag 1", engineResume: "0x8500 control flag 0", requestPosition: "0x8201 location query" },
};

/** The text a device of `model` is sent for `kind` (a custom command's own text), or null: it takes no such command. */
export const commandTextFor = ({ model, kind, text }: { model: DeviceModel; kind: DeviceCommandKind; text?: string }): string | null => {
  const texts = COMMAND_TEXTS[model];
  if (!texts) return null;
  return kind === "custom" ? (text ?? null) : texts[kind];
};
