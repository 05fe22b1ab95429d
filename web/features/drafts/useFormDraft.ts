import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useAuthStore } from '../../lib/auth-store.ts';
import { reserveRowKeysIn } from '../../lib/matrix-model.ts';
import {
  browserDraftStorage,
  draftStorageKey,
  isSameInput,
  readDraft,
  removeDraft,
  writeDraft,
  type DraftAddress,
} from './draft-storage.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';

export type FormDraft = ReturnType<typeof useFormDraft>;

/**
 * Keeps a react-hook-form's unsaved input in localStorage (per user, page and decision) until it is
 * saved or discarded, restores it after a reload and asks before leaving the page with it. Call it
 * after anything that resets the form on mount (e.g. useServerBackedForm), so the restore comes last.
 */
export function useFormDraft<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  address: Omit<DraftAddress, 'userId'>,
) {
  const userId = useAuthStore((state) => state.user?.id);
  const key = userId === undefined ? null : draftStorageKey({ userId, ...address });
  // Read once, while the form still shows its starting values.
  const [restoredValues] = useState(() => restorableDraft(form, key));
  const [hasUnsavedInput, setHasUnsavedInput] = useState(restoredValues !== null);
  const [isRestored, setIsRestored] = useState(restoredValues !== null);
  // A ref, not state: the save navigates away before a re-render could lift the guard.
  const isSavingRef = useRef(false);

  const { reset, watch } = form;
  useEffect(() => {
    if (restoredValues) reset(restoredValues, { keepDefaultValues: true });
  }, [restoredValues, reset]);

  useEffect(() => {
    const storage = browserDraftStorage();
    if (!key || !storage) return;
    const subscription = watch((values) => {
      const isChanged = !isSameInput(values, form.formState.defaultValues);
      if (isChanged) writeDraft(storage, key, values);
      else removeDraft(storage, key);
      setHasUnsavedInput(isChanged);
      if (!isChanged) setIsRestored(false);
    });
    return () => subscription.unsubscribe();
    // useForm returns the same object on every render: this subscribes once per key.
  }, [key, form, watch]);

  const forget = useCallback(() => {
    const storage = browserDraftStorage();
    if (key && storage) removeDraft(storage, key);
    setHasUnsavedInput(false);
    setIsRestored(false);
  }, [key]);

  const leaveGuard = useLeaveGuard(() => hasUnsavedInput && !isSavingRef.current, forget);

  return {
    /** The form shows input restored from an earlier visit. */
    isRestored,
    hasUnsavedInput,
    leaveGuard,
    /** Back to the saved state: the form is reset and the stored draft removed. */
    discard: useCallback(() => {
      form.reset();
      forget();
    }, [form, forget]),
    /** Forgets the draft without touching the form (leaving the page anyway). */
    forget,
    /**
     * Runs a save: leaving is not held meanwhile (the save may navigate), and the draft is removed
     * once it succeeded. A failed save keeps the draft and the guard, and rethrows.
     */
    saving: useCallback(
      async <Result>(save: () => Promise<Result>): Promise<Result> => {
        isSavingRef.current = true;
        try {
          const result = await save();
          forget();
          return result;
        } finally {
          isSavingRef.current = false;
        }
      },
      [forget],
    ),
  };
}

/** The stored input to show instead of the starting values, or null (an entry equal to them is dropped). */
function restorableDraft<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  key: string | null,
): Values | null {
  const storage = browserDraftStorage();
  if (!key || !storage) return null;
  const stored = readDraft<Partial<Values>>(storage, key);
  if (!stored) return null;
  const starting = form.getValues();
  // Fields added to the form since the draft was stored keep their starting values.
  const merged = { ...starting, ...stored };
  if (isSameInput(merged, starting)) {
    removeDraft(storage, key);
    return null;
  }
  reserveRowKeysIn(merged);
  return merged;
}
