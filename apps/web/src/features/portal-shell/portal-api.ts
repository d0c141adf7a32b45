/** The tester's level, experience, coins and avatar as GET /api/account/GetPKTesterInfo answers them. */
export interface TesterInfo {
  username: string;
  coins: number;
  level: number;
  exp: number;
  /** Experience the next level needs, or 'Max' at the top level. */
  nextLevelExp: number | 'Max';
  remainExp: number;
  fileName: string;
  imageSrc: string;
  blackList: boolean;
}

export interface ProfileUserInfo extends Partial<TesterInfo> {
  status: string;
}

export interface NextLevelInfo {
  status: string;
  exp: number;
  nextLevelExp: number | 'Max';
  remainExp: number;
}

export interface AccountUserInfo {
  testerInfo: {
    testerId: string;
    username: string;
    firstName: string;
    lastName: string;
    emailAddress: string;
    emailConfirmed: boolean;
    language: string;
  };
}
