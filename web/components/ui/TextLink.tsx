import { Link, type LinkProps } from 'react-router';

const textLinkClasses = 'font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300';

export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link className={`${textLinkClasses} ${className}`} {...props} />;
}
