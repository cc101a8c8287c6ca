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

function EyeGlyph({ crossed }: { crossed: boolean }) {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path
        d="M7.5 11C4.8 11 2.6 9.4 1.1 7.5 2.6 5.6 4.8 4 7.5 4s4.9 1.6 6.4 3.5C12.4 9.4 10.2 11 7.5 11zm0-1.5a2 2 0 100-4 2 2 0 000 4z"
        fill="currentColor"
        fillRule="evenodd"
      />
      {crossed && <path d="M2 13L13 2" stroke="currentColor" strokeWidth="1.3" />}
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
