import { MemoryRouter, Route, Routes } from 'react-router';
import { FindInfoPage } from './find-info-page';
import { ResetPasswordPage } from './reset-password-page';

/** The recovery pages at `url` (the find-info tabs, the reset page) and a stand-in login page, as the English and Spanish tests render them. */
export function RecoveryPagesAt({ url }: { url: string }) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/community/findinfo/username" element={<FindInfoPage tab="username" />} />
        <Route path="/community/findinfo/password" element={<FindInfoPage tab="password" />} />
        <Route path="/account/resetPassword" element={<ResetPasswordPage />} />
        <Route path="/community/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>
  );
}
