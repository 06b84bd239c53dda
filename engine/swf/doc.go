package swf
