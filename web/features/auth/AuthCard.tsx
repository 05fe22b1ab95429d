import type { ReactNode } from 'react';
import { Card } from '../../components/ui/Card.tsx';

interface AuthCardProps {
  title: string;
  lead: string;
  children: ReactNode;
  footer: ReactNode;
}

export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card className="p-8">
        <title>{`${title} · Decision Compass`}</title>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">{lead}</p>
        {children}
      </Card>
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">{footer}</p>
    </div>
  );
}
