// Node's HTTP parser refuses some requests before Next sees them (headers over --max-http-header-size,
// a malformed request line, a request that arrives too slowly) and by default answers with an empty
// body. scripts/server.mjs answers them here instead, with the contract's { message, requestId }.
import { STATUS_CODES } from "node:http";
import { newRequestId } from "./request-id.mjs";

/** Node's own choice of status for each parser error (lib/_http_server.js), with a message a client can act on. @param {string | undefined} code */
const refusalOf = (code) => {
  if (code === "HPE_HEADER_OVERFLOW") return { status: 431, message: "The request's headers are too large (16 KB in all at most)." };
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return { status: 413, message: "A chunk extension of the request body is too large." };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, message: "The request did not arrive in time." };
  return { status: 400, message: "The request is not valid HTTP." };
};

/**
 * The server's `clientError` listener. Like Node's default it closes the connection, and it sends
 * nothing when the socket is gone or a response has already begun on it.
 * @param {Error & { code?: string }} error
 * @param {import("node:net").Socket & { _httpMessage?: { headersSent?: boolean } }} socket
 */
export const answerRefusedRequest = (error, socket) => {
  if (error.code === "ECONNRESET" || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, message } = refusalOf(error.code);
  const requestId = newRequestId();
  const body = JSON.stringify({ message, requestId });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    "X-Content-Type-Options: nosniff",
    "Connection: close",
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
};
