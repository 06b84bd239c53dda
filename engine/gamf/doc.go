package gamf
