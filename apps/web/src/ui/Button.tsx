import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClass(
  { variant = 'secondary', size = 'md', block = false }: StyleProps,
  extra?: string,
) {
  return [
    styles.button,
    styles[variant],
    size === 'md' ? '' : styles[size],
    block ? styles.block : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and disables the button while an action runs. */
  pending?: boolean;
  children: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  pending = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      disabled={disabled === true || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? (
        <>
          <span className={styles.hiddenLabel}>{children}</span>
          <span className={styles.spinner}>
            <Spinner size={18} />
          </span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, StyleProps {}

export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
