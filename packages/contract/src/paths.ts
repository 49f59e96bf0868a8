/** API paths (SPEC §7 plus what the product needs beyond them), relative to the API base. */
export const API = {
  category: '/api/Category',
  config: '/api/Config',
  /** Swagger UI and the OpenAPI document (`/api/docs/json`), generated from the contract schemas. */
  docs: '/api/docs',
  account: {
    register: '/api/Account/register',
    login: '/api/Account/user-login',
    sendPasswordResetLink: '/api/Account/send-password-reset-link',
    resetPassword: '/api/Account/reset-password',
    me: '/api/Account/me',
    logout: '/api/Account/logout',
  },
  captcha: {
    challenge: '/api/Captcha/challenge',
  },
  geo: {
    cities: '/api/Geo/cities',
    reverse: '/api/Geo/reverse',
  },
  health: {
    live: '/healthz',
    ready: '/readyz',
  },
} as const;

/** Real-time hub paths (SPEC §7). */
export const HUBS = {
  general: '/generalhub',
  chat: '/chathub',
  support: '/supporthub',
} as const;

/** Client routes (SPEC §2). */
export const ROUTES = {
  home: '/',
  marketplace: '/marketplace',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  newPassword: '/reset-password/new',
  productDetail: (id: string | number) => `/product-detail/${id}`,
  productShare: (id: string | number) => `/product/${id}`,
  garage: (id: string | number) => `/garage/${id}`,
  terms: '/terms',
  userMain: '/user-main',
  otherUser: (id: string | number) => `/user-main/${id}`,
  createProduct: '/create-product',
  editProduct: (id: string | number) => `/edit-product/${id}`,
  editProfile: '/edit-profile',
  createGarage: '/create-garage',
  messages: '/messages',
  chat: (receiverId: string | number, productId: string | number) => `/chat/${receiverId}/${productId}`,
  followers: '/followers',
  support: '/support',
} as const;
