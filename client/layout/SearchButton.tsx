// The header's search button and dialog (client/features/search).
export { SearchDialog as SearchButton } from '#client/features/search/SearchDialog.tsx'
