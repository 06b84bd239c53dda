package titan
