import { MemoryRouter, Route, Routes } from 'react-router';
import { ConfirmEmailPage } from './confirm-email-page';

/** The confirmation page at `url` under each of its paths, and a stand-in login page, as the English and Spanish tests render it. */
export function ConfirmEmailAt({ url }: { url: string }) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/community/checkConfirmEmail" element={<ConfirmEmailPage />} />
        <Route path="/account/checkConfirmEmail" element={<ConfirmEmailPage />} />
        <Route path="/account/ConfirmEmail" element={<ConfirmEmailPage />} />
        <Route path="/community/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>
  );
}
