import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { field } from '../../components/ui/classes';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Opens a framework by a CASE UUID pasted by hand (a bare UUID or a CASE URI holding one). */
export function OpenByUuid() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const uuid = value.match(UUID)?.[0];
    if (!uuid) return setError('Paste a CASE UUID such as c6487102-d7cb-11e8-824f-0242ac160002.');
    setError('');
    void navigate({ to: '/frameworks/$frameworkId', params: { frameworkId: uuid.toLowerCase() } });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <label className="flex min-w-72 flex-1 flex-col gap-1 text-sm font-medium">
        Open by CASE UUID
        <input
          className={`${field} font-mono`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? 'uuid-error' : undefined}
          placeholder="c6487102-d7cb-11e8-824f-0242ac160002"
        />
      </label>
      <button
        type="submit"
        className="h-9 rounded-md bg-slate-900 px-3 text-sm font-semibold text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900"
      >
        Open
      </button>
      {error && (
        <p id="uuid-error" role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
