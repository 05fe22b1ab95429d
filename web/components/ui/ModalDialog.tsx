import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

interface ModalDialogProps {
  title: ReactNode;
  /** One or two lines under the title: what to do here. */
  lead?: ReactNode;
  /** Cancel, Escape and a click outside all close the dialog. */
  onClose: () => void;
  /** The main action's button, at the bottom after Cancel. */
  actionLabel: string;
  onAction: () => void;
  /** Stands before the buttons, e.g. a warning about what the action does. */
  footerNote?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg' | 'xl';
}

const widths = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

/**
 * A dialog for a task (not a yes/no question, see ConfirmDialog), on React Aria: focus moves in and
 * stays inside, Escape or a click outside closes, focus returns to the opener afterwards. Rendered
 * while open; a long body scrolls inside the overlay.
 */
export function ModalDialog({
  title,
  lead,
  onClose,
  actionLabel,
  onAction,
  footerNote,
  children,
  size = 'lg',
}: ModalDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(isNowOpen) => {
        if (!isNowOpen) onClose();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-950/50 p-4 backdrop-blur-sm sm:items-center"
    >
      <Modal
        className={`w-full ${widths[size]} rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900`}
      >
        <Dialog className="flex flex-col gap-4 outline-none">
          <header className="flex flex-col gap-1">
            <Heading slot="title" className="text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </Heading>
            {lead ? <p className="text-sm text-slate-700 dark:text-slate-300">{lead}</p> : null}
          </header>
          {children}
          <div className="flex flex-wrap justify-end gap-2">
            {footerNote}
            <Button variant="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={onAction}>{actionLabel}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
