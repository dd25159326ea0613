/** Next.js calls this once per server process before it serves requests. */
export const register = async () => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootServiceOrExit } = await import("./lib/boot/boot-service");
  await bootServiceOrExit();
};
