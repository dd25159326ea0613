import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "@/lib/platform/config";
import { sendMail } from "@/lib/outbound/mail/send-mail";
import { startSmtpSink } from "../../helpers/smtp-sink";

describe("sendMail", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(() => {
    vi.unstubAllEnvs();
    reloadConfig();
  });

  it("delivers through SMTP_URL from MAIL_FROM, with the subject and body given", async () => {
    vi.stubEnv("SMTP_URL", sink.url);
    vi.stubEnv("MAIL_FROM", "Fleet <fleet@example.test>");
    reloadConfig();
    const result = await sendMail({
      message: { to: "dispatcher@example.test", subject: "You are invited", text: "Open https://fleet.example.test/invite/abc" },
    });
    expect(result.sent).toBe(true);
    const mail = sink.received.at(-1)!;
    expect(mail).toMatchObject({ from: "fleet@example.test", to: ["dispatcher@example.test"], subject: "You are invited" });
    expect(mail.raw).toContain("https://fleet.example.test/invite/abc");
  });

  it("sends nothing without SMTP_URL and says so", async () => {
    vi.stubEnv("SMTP_URL", "");
    reloadConfig();
    const before = sink.received.length;
    expect(await sendMail({ message: { to: "a@example.test", subject: "s", text: "t" } })).toEqual({ sent: false, reason: "not_configured" });
    expect(sink.received.length).toBe(before);
  });

  it("refuses a SMTP_URL that is not smtp:// or smtps://", () => {
    vi.stubEnv("SMTP_URL", "http://mail.example.test");
    expect(() => reloadConfig()).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});
