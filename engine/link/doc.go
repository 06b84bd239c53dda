package link
