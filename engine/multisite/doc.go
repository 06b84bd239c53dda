package multisite
