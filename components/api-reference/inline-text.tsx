import { Fragment } from "react";

/** Text from the OpenAPI document, with its `backticked` spans shown as code. */
export const InlineText = ({ text }: { text: string }) => (
  <>{text.split(/`([^`]+)`/).map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>))}</>
);
