import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useId,
  useState,
} from 'react';
import type { FieldProps } from '../components/forms/useFormFields';

/**
 * The few controls of the login page in plain elements, with the structure, names and ARIA of the Mantine ones the
 * SPA draws: a label with a hidden asterisk, a description and an error linked through aria-describedby, aria-invalid
 * on the input; a button that keeps its size while it shows a spinner.
 */

export function TextField({
  label,
  description,
  type = 'text',
  inputClassName,
  field,
  ...input
}: {
  label: string;
  description?: string;
  type?: 'text' | 'password';
  inputClassName?: string;
  field: FieldProps;
} & Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldProps | 'type'>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const { error, ref, ...props } = field;
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ');
  const isPassword = type === 'password';
  return (
    <div className="field" data-error={error ? true : undefined}>
      <label className="field-label" htmlFor={id}>
        {label}
        <span className="field-required" aria-hidden="true">
          {' *'}
        </span>
      </label>
      {description && (
        <p className="field-description" id={`${id}-description`}>
          {description}
        </p>
      )}
      <div className={isPassword ? 'field-input-wrap with-toggle' : 'field-input-wrap'}>
        <input
          {...input}
          {...props}
          ref={ref}
          id={id}
          type={isPassword && !visible ? 'password' : 'text'}
          className={inputClassName ? `field-input ${inputClassName}` : 'field-input'}
          aria-describedby={describedBy || undefined}
        />
        {isPassword && (
          // As Mantine's PasswordInput: a pointer convenience, out of the tab order and hidden from screen readers.
          <button
            type="button"
            className="password-toggle"
            tabIndex={-1}
            aria-hidden="true"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeGlyph crossed={visible} />
          </button>
        )}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The eye of Mantine's PasswordInput toggle (outline, crossed out while the password shows). */
function EyeGlyph({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" strokeLinecap="round" />}
    </svg>
  );
}

export function Button({
  variant = 'filled',
  size = 'sm',
  loading = false,
  disabled,
  children,
  ...button
}: {
  variant?: 'filled' | 'subtle' | 'subtle-gray';
  size?: 'sm' | 'md';
  loading?: boolean;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...button}
      className={`button button-${variant} button-${size}`}
      disabled={disabled || loading}
      data-loading={loading || undefined}
    >
      {loading && <span className="button-loader" aria-hidden="true" />}
      <span className="button-label">{children}</span>
    </button>
  );
}

/** The red alert above a form (components/forms/FormAlert): a live region that focus can move to. */
export function FormAlert({
  messages,
  alertRef,
}: {
  messages: string[] | undefined;
  alertRef: RefObject<HTMLDivElement | null>;
}) {
  if (!messages?.length) return null;
  return (
    <div ref={alertRef} className="alert alert-red" role="alert" tabIndex={-1}>
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </div>
  );
}

export function Alert({
  tone,
  title,
  children,
}: {
  tone: 'red' | 'orange';
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={`alert alert-${tone}`} role="alert">
      <div className="alert-title">{title}</div>
      <div className="alert-body">{children}</div>
    </div>
  );
}
