import { Alert } from '@mantine/core';
import type { RefObject } from 'react';

/**
 * The red alert above a form with its form-wide errors (`base`). It is a live region, so the message is read out
 * when it appears, and focusable, so focus can move to it when no single field is at fault.
 */
export function FormAlert({
  messages,
  alertRef,
  title,
}: {
  messages: string[] | undefined;
  alertRef: RefObject<HTMLDivElement | null>;
  title?: string;
}) {
  if (!messages?.length) return null;
  return (
    <Alert ref={alertRef} color="red" variant="light" role="alert" tabIndex={-1} title={title}>
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
