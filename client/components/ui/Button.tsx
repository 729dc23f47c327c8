import { Slot } from '@radix-ui/react-slot'
import { buttonClasses } from './button-classes.ts'
import type { ButtonVariant } from './button-classes.ts'
import type { ComponentProps } from 'react'

export type { ButtonVariant }

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  /** Render the single child (e.g. a router Link) with the button's look. */
  asChild?: boolean
}

export function Button({ variant = 'primary', asChild = false, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button'
  return <Component className={buttonClasses(variant, className)} {...props} />
}
